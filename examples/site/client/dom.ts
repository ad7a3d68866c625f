/**
 * A tiny element builder for the front end: `h("a", { href }, "text")`.
 * Text children become text nodes (never HTML), so nothing is injected.
 */

export type Child = Node | string | number | false | null | undefined | readonly Child[]

type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return
  if (Array.isArray(child)) for (const item of child as readonly Child[]) append(parent, item)
  else parent.appendChild(typeof child === "object" ? (child as Node) : document.createTextNode(String(child)))
}

/**
 * An element with attributes, `on…` listeners and children.
 *
 * @example
 * ```ts
 * h("button", { type: "button", onclick: () => save() }, "Save")
 * ```
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  props: Props | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag)
  if (props) {
    for (const [name, value] of Object.entries(props)) {
      if (typeof value === "function") element.addEventListener(name.slice(2), value)
      else if (value === true) element.setAttribute(name, "")
      else if (value !== undefined && value !== false) element.setAttribute(name, String(value))
    }
  }
  append(element, children)
  return element
}

/**
 * Replaces the children of an element.
 *
 * @example
 * ```ts
 * mount(document.getElementById("view")!, h("p", null, "Loading…"))
 * ```
 */
export function mount(parent: Element, ...children: Child[]): void {
  parent.replaceChildren()
  append(parent, children)
}
