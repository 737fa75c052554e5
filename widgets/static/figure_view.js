// The anywidget module of mandalakit.widgets.analysis.charts.FigureView: draws the synced `spec`
// (plotly.py's JSON: {data, layout}) with plotly.js and redraws it when the kernel changes it.
//
// The module itself is small: anywidget gives a module 2 s to load and initialize, which a
// busy classroom machine misses when plotly.js (1.2 MB) is evaluated inside it. The vendored
// plotly.js *basic* bundle (bar, scatter, pie) is fetched in `render` instead, once per page
// however many charts it holds:
// - over HTTP from `<base>voila/labextensions/plotly-basic.min.js` wherever Voilà serves the
//   page (binder/jupyter-config/voila.py adds widgets/static/ to Voila's extension
//   folders), so the browser caches it for every later page;
// - from the kernel where that fails (a server without those settings): one custom message
//   asks for it, the widget answers with the text (charts.py).

// Offline-safe toolbar: no logo link and no "Share chart" button (it uploads to Plotly Cloud).
const CONFIG = { displaylogo: false, showSendToCloud: false, responsive: true };
const BUNDLE = "voila/labextensions/plotly-basic.min.js";
const ASK = { ask: "plotly.js" };

// Jupyter pages (Voilà's and JupyterLab's) carry the server's base URL in their page config.
function bundleUrl() {
  try {
    const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    return new URL(BUNDLE, new URL(config.baseUrl ?? "/", location.href)).href;
  } catch {
    return new URL(`/${BUNDLE}`, location.href).href;
  }
}

async function fromServer() {
  const url = bundleUrl();
  try {
    const reply = await fetch(url, { credentials: "same-origin" });
    const text = reply.ok ? await reply.text() : "";
    return text.includes("plotly.js (basic") ? text : null;
  } catch {
    return null;
  }
}

function fromKernel(model) {
  return new Promise((resolve) => {
    const answer = (msg) => {
      if (typeof msg?.plotly_js !== "string") return;
      model.off("msg:custom", answer);
      resolve(msg.plotly_js);
    };
    model.on("msg:custom", answer);
    model.send(ASK);
  });
}

// The bundle is a UMD module: given a `module` object it puts plotly there (no global
// `define` is consulted, so Voilà's RequireJS cannot take it).
function loadPlotly(model) {
  globalThis.__mandalakit_plotly ??= (async () => {
    const text = (await fromServer()) ?? (await fromKernel(model));
    const module = { exports: {} };
    new Function("module", "exports", text)(module, module.exports);
    return module.exports;
  })();
  return globalThis.__mandalakit_plotly;
}

export default {
  async render({ model, el }) {
    const plot = document.createElement("div");
    el.appendChild(plot);
    const Plotly = await loadPlotly(model);
    const draw = () => {
      const spec = model.get("spec");
      // A constant uirevision keeps a zoom or a hidden legend entry across redraws.
      // TEMPLATE (plotly.py's default template) is put in front of this text by charts.py.
      const layout = { uirevision: "mandalakit", template: TEMPLATE, ...(spec.layout ?? {}) };
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
