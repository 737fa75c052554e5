// The anywidget module of mandalakit.widgets.lessons.exercise.Exercise: the question, an answer box
// (or a drop-down of choices), "check" and "show answer". It only shows and sends: the answer
// stays in the kernel, which reads what the pupil typed and sends back the feedback (HTML).
//
// One widget model per exercise (the ipywidgets version took 19): a lesson of eight
// exercises opens ~150 fewer models, which the page would each fetch and draw at first render.

const STYLE = `
.mk-exercise { margin: 6px 0 14px; }
.mk-exercise-row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 6px 0; }
.mk-exercise-row label { margin-right: 2px; }
.mk-exercise-row input, .mk-exercise-row select { font: inherit; font-size: var(--jp-widgets-font-size, 13px);
  min-width: 0; width: 16em; max-width: 100%; padding: 3px 6px; box-sizing: border-box;
  border: 1px solid var(--jp-border-color1, #9e9e9e); background: var(--jp-layout-color1, #fff);
  color: var(--jp-ui-font-color1, #000); }
.mk-exercise-row select { width: auto; min-width: 16em; }
.mk-exercise-row button { font: inherit; font-size: var(--jp-widgets-font-size, 13px); padding: 3px 12px;
  border: 1px solid var(--jp-border-color1, #9e9e9e); border-radius: 2px; cursor: pointer;
  background: var(--jp-layout-color2, #eee); color: var(--jp-ui-font-color1, #000); }
.mk-exercise-row button.mk-primary { background: #1565c0; border-color: #1565c0; color: #fff; }
.mk-exercise-row :focus-visible { outline: 3px solid #0072B2; outline-offset: 1px; }
`;

export default {
  render({ model, el }) {
    const labels = model.get("labels");
    el.classList.add("mk-exercise");
    const style = document.createElement("style");
    style.textContent = STYLE;
    const question = document.createElement("div");
    question.className = "mk-exercise-question";
    question.innerHTML = model.get("question");  // the lesson author's HTML
    const row = document.createElement("div");
    row.className = "mk-exercise-row";
    const label = document.createElement("label");
    label.textContent = labels.answer;
    const choices = model.get("choices");
    let box;
    if (choices.length) {
      box = document.createElement("select");
      for (const [value, text] of [["", "—"], ...choices.map((c) => [c, c])]) {
        const option = document.createElement("option");
        option.value = value;
        option.textContent = text;
        box.append(option);
      }
    } else {
      box = document.createElement("input");
      box.type = "text";
      box.placeholder = labels.placeholder;
      box.autocomplete = "off";
    }
    box.value = model.get("value");
    const id = `mk-exercise-${Math.random().toString(36).slice(2)}`;
    box.id = id;
    label.htmlFor = id;
    const check = document.createElement("button");
    check.className = "mk-primary";
    check.textContent = labels.check;
    const show = document.createElement("button");
    show.textContent = labels.show;
    row.append(label, box, check, show);
    const feedback = document.createElement("div");
    feedback.className = "mk-exercise-feedback";
    feedback.setAttribute("aria-live", "polite");
    el.append(style, question, row, feedback);

    const send = (kind) => model.send({ kind, value: box.value });
    // Enter, or leaving a changed box, checks a typed answer as the button does (a choice in
    // the drop-down waits for the button).
    if (!choices.length) box.addEventListener("change", () => box.value.trim() && send("check"));
    check.addEventListener("click", () => send("check"));
    show.addEventListener("click", () => send("show"));
    const drawFeedback = () => { feedback.innerHTML = model.get("feedback"); };
    const drawValue = () => { if (box.value !== model.get("value")) box.value = model.get("value"); };
    model.on("change:feedback", drawFeedback);
    model.on("change:value", drawValue);
    drawFeedback();
    // Shown now: the kernel sends again what a reload restored, should it have come too early.
    model.send({ kind: "ready" });
    return () => {
      model.off("change:feedback", drawFeedback);
      model.off("change:value", drawValue);
    };
  },
};
