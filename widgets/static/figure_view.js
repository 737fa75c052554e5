// The anywidget module of mandalakit.widgets.charts.FigureView: draws the synced `spec`
// (plotly.py's JSON: {data, layout}) with plotly.js and redraws it when the kernel changes it.
//
// charts.py puts the vendored plotly.js *basic* bundle (bar, scatter, pie) in front of this
// text, inside `const Plotly = ...`, evaluated once per page however many charts it holds.

// Offline-safe toolbar: no logo link and no "Share chart" button (it uploads to Plotly Cloud).
const CONFIG = { displaylogo: false, showSendToCloud: false, responsive: true };

export default {
  render({ model, el }) {
    const plot = document.createElement("div");
    el.appendChild(plot);
    const draw = () => {
      const spec = model.get("spec");
      // A constant uirevision keeps a zoom or a hidden legend entry across redraws.
      const layout = { uirevision: "mandalakit", ...(spec.layout ?? {}) };
      Plotly.react(plot, spec.data ?? [], layout, CONFIG).then(() => {
        // The toolbar's buttons are links: keep them out of the Tab order (a pupil tabbing
        // through a lesson would cross eight of them per chart); the mouse still reaches them.
        for (const b of plot.querySelectorAll(".modebar-btn")) b.setAttribute("tabindex", "-1");
      });
    };
    draw();
    model.on("change:spec", draw);
    // The view is often drawn before it is on the page (zero width): fit it once it is shown
    // and whenever its column changes width.
    const resize = new ResizeObserver(() => {
      if (plot.offsetWidth > 0) Plotly.Plots.resize(plot);
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      model.off("change:spec", draw);
      Plotly.purge(plot);
    };
  },
};
