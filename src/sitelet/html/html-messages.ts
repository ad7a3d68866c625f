/**
 * Sentences of the HTML builders, the `html` template and JSX, written once; tests import these writers instead of retyping the text.
 *
 * @example
 * ```ts
 * expect(() => Html.Element("a b")).toThrow(htmlMessages.badTagName("a b"))
 * ```
 */
export const htmlMessages = {
  badTagName: (name: string) =>
    `Html: '${name}' is not a valid element name (expected a letter followed by letters, digits or '-')`,
  badAttributeName: (name: string) =>
    `Html: '${name}' is not a valid attribute name (attribute names come from code: letters, digits, '-', '_', ':', '.')`,
  voidChildren: (name: string) => `Html: <${name}> is a void element and cannot have children`,
  textInRawElement: (name: string) =>
    `Html: <${name}> cannot hold escaped text; pass Html.Raw(…) or use Html.JsonScript(…) for data`,
  badChild: (type: string) =>
    `Html: a child must be text, a number, an Html node, an array of children, null or undefined; got ${type}`,
  unquotedTemplateAttribute: () =>
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows the template syntax itself
    'html`…`: an interpolated attribute value must be quoted (name="${value}")',
  forgedSafeHtml: () => "SafeHtml: use Html.Raw(…) to mark trusted markup",
  jsxRawProp: () =>
    "JSX: dangerouslySetInnerHTML is not supported: write {Html.Raw(markup)} as a child, for trusted markup only",
  jsxAttributeValue: (tag: string, name: string, type: string) =>
    `JSX: <${tag} ${name}> is a ${type}; an attribute is a string, number or boolean (pages are HTML, not event handlers)`,
} as const
