"""A Griffe extension for the API pages (``mkdocs.yml``), for two habits of the kit's docstrings
that are right for ``help()`` and doctest but not for Markdown:

- doctest lines (``>>> ...`` and what they print) outside an "Examples" section are shown as
  code, not read as Markdown (``[0.75, -0.046]`` is no link);
- a Sphinx cross-reference (``:func:`name```) is shown as the name in code;
- a paragraph after an "Attributes" list (numpy style), which Griffe reads as an attribute
  without a name, is shown as the text it is, after the list.
"""

from __future__ import annotations

import re

import griffe

_PROMPT = re.compile(r"^(?P<indent>\s*)>>> ")
#: A Sphinx cross-reference (``:func:`~mandalakit.rule_text```), which Markdown shows as written.
_ROLE = re.compile(r":(?:py:)?(?:mod|func|class|meth|attr|data|exc|obj|const):`~?(?P<name>[^`]+)`")


def fence_doctests(text: str) -> str:
    out, fence, indent = [], False, ""
    in_code = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
        prompt = _PROMPT.match(line)
        if not in_code and not fence and prompt:
            fence, indent = True, prompt["indent"]
            out.append(f"{indent}```pycon")
        elif fence and not line.strip():
            out.append(f"{indent}```")
            fence = False
        out.append(line)
    if fence:
        out.append(f"{indent}```")
    return "\n".join(out)


class NamelessAttributesAsText(griffe.Extension):
    def on_instance(self, *, obj, **kwargs) -> None:
        if not obj.docstring:
            return
        if ">>> " in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
        obj.docstring.value = _ROLE.sub(lambda m: f"`{m['name']}`", obj.docstring.value)
        sections = obj.docstring.parsed
        for section in list(sections):
            if section.kind is griffe.DocstringSectionKind.attributes:
                nameless = [a for a in section.value if not a.name]
                if nameless:
                    section.value[:] = [a for a in section.value if a.name]
                    text = "\n\n".join(a.description for a in nameless if a.description)
                    if text:
                        sections.insert(sections.index(section) + 1, griffe.DocstringSectionText(text))
