// The site's charts: each lesson or analysis chart (a FigureView in the notebook) left its plotly
// figure in a data-spec attribute (docs/web/statics.py); this draws them with the site's own copy
// of plotly.js (assets/plotly-basic.min.js), as the notebook's widget does. No request leaves the site.
(function () {
  const CONFIG = { displaylogo: false, showSendToCloud: false, responsive: true };
  function draw() {
    for (const element of document.querySelectorAll(".mk-site-chart:not([data-drawn])")) {
      element.setAttribute("data-drawn", "1");
      const spec = JSON.parse(element.getAttribute("data-spec"));
      window.Plotly.newPlot(element, spec.data || [], spec.layout || {}, CONFIG);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
