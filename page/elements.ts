/**
 * The page's only way to make DOM: every string becomes a text node or an attribute value, never
 * markup, because names, messages and labels come from whoever can push to the trend branch.
 */

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; attrs?: Readonly<Record<string, string>> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return node;
}

/**
 * A name (of a case, suite or shape) set apart from the words around it: written right to left,
 * or holding a direction override, it would otherwise reorder them ("30%+" for "+30%").
 */
export function isolated(text: string): HTMLElement {
  return el('bdi', {}, text);
}

/** Replaces an element's content with text. */
export function setText(node: Element, text: string): void {
  node.textContent = text;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node as T;
}
