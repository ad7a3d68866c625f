/**
 * The `JSX` namespace of `sitelets/jsx-runtime`: what a JSX expression is
 * (`JsxNode`), which components are allowed (`async` ones too), and the
 * attributes of the elements people write, typed. URL attributes
 * (`href`, `src`, `action`, …) take the strings `ctx.Link` returns; the
 * runtime sends them through `safeUrl` as `Html` does.
 */
import type { JsxChild, JsxNode } from "./jsx.js"

/** An attribute's value: absent, a flag, or text. */
type Value = string | number | boolean | null | undefined

/** The attributes every element takes. */
export interface GlobalAttributes {
  readonly children?: JsxChild
  readonly id?: string
  readonly class?: string
  readonly style?: string
  readonly title?: string
  readonly lang?: string
  readonly dir?: "ltr" | "rtl" | "auto"
  readonly hidden?: boolean
  readonly tabindex?: number | string
  readonly role?: string
  readonly translate?: "yes" | "no"
  readonly [data: `data-${string}`]: Value
  readonly [aria: `aria-${string}`]: Value
}

/** The attributes of an `<a>`. */
export interface Anchor extends GlobalAttributes {
  readonly href?: string
  readonly target?: "_self" | "_blank" | "_parent" | "_top" | (string & {})
  readonly rel?: string
  readonly download?: string | boolean
  readonly hreflang?: string
  readonly type?: string
}
interface Form extends GlobalAttributes {
  readonly action?: string
  readonly method?: "get" | "post" | "dialog" | "GET" | "POST"
  readonly enctype?: "application/x-www-form-urlencoded" | "multipart/form-data" | "text/plain"
  readonly novalidate?: boolean
  readonly autocomplete?: "on" | "off"
}
interface Field extends GlobalAttributes {
  readonly name?: string
  readonly disabled?: boolean
  readonly required?: boolean
  readonly autocomplete?: string
  readonly form?: string
}
interface Input extends Field {
  readonly type?: string
  readonly value?: string | number
  readonly checked?: boolean
  readonly placeholder?: string
  readonly min?: string | number
  readonly max?: string | number
  readonly step?: string | number
  readonly minlength?: number
  readonly maxlength?: number
  readonly pattern?: string
  readonly readonly?: boolean
  readonly multiple?: boolean
  readonly accept?: string
  readonly size?: number
}
interface Media extends GlobalAttributes {
  readonly src?: string
  readonly width?: number | string
  readonly height?: number | string
}

/** The elements' attributes, by tag. */
interface TypedElements {
  a: Anchor
  form: Form
  input: Input
  button: Field & { readonly type?: "submit" | "reset" | "button"; readonly value?: string }
  textarea: Field & {
    readonly rows?: number
    readonly cols?: number
    readonly placeholder?: string
    readonly maxlength?: number
  }
  select: Field & { readonly multiple?: boolean; readonly size?: number }
  option: GlobalAttributes & {
    readonly value?: string | number
    readonly selected?: boolean
    readonly disabled?: boolean
  }
  optgroup: GlobalAttributes & { readonly label?: string; readonly disabled?: boolean }
  label: GlobalAttributes & { readonly for?: string }
  fieldset: GlobalAttributes & { readonly disabled?: boolean; readonly name?: string }
  img: Media & {
    readonly alt?: string
    readonly loading?: "lazy" | "eager"
    readonly srcset?: string
    readonly sizes?: string
  }
  video: Media & {
    readonly controls?: boolean
    readonly autoplay?: boolean
    readonly loop?: boolean
    readonly muted?: boolean
    readonly poster?: string
  }
  audio: Media & {
    readonly controls?: boolean
    readonly autoplay?: boolean
    readonly loop?: boolean
    readonly muted?: boolean
  }
  source: GlobalAttributes & {
    readonly src?: string
    readonly srcset?: string
    readonly type?: string
    readonly media?: string
  }
  iframe: Media & {
    readonly name?: string
    readonly sandbox?: string
    readonly allow?: string
    readonly loading?: "lazy" | "eager"
  }
  link: GlobalAttributes & {
    readonly rel?: string
    readonly href?: string
    readonly type?: string
    readonly media?: string
    readonly sizes?: string
    readonly crossorigin?: string
    readonly integrity?: string
  }
  meta: GlobalAttributes & {
    readonly name?: string
    readonly content?: string
    readonly charset?: string
    readonly property?: string
    readonly "http-equiv"?: string
  }
  script: GlobalAttributes & {
    readonly src?: string
    readonly type?: string
    readonly defer?: boolean
    readonly async?: boolean
    readonly nonce?: string
    readonly integrity?: string
    readonly crossorigin?: string
  }
  style: GlobalAttributes & { readonly media?: string; readonly nonce?: string }
  time: GlobalAttributes & { readonly datetime?: string }
  ol: GlobalAttributes & { readonly start?: number; readonly reversed?: boolean; readonly type?: string }
  li: GlobalAttributes & { readonly value?: number }
  td: GlobalAttributes & { readonly colspan?: number; readonly rowspan?: number; readonly headers?: string }
  th: GlobalAttributes & {
    readonly colspan?: number
    readonly rowspan?: number
    readonly scope?: "row" | "col" | "rowgroup" | "colgroup"
  }
  blockquote: GlobalAttributes & { readonly cite?: string }
  html: GlobalAttributes & { readonly lang?: string }
  details: GlobalAttributes & { readonly open?: boolean }
  progress: GlobalAttributes & { readonly value?: number; readonly max?: number }
  meter: GlobalAttributes & {
    readonly value?: number
    readonly min?: number
    readonly max?: number
    readonly low?: number
    readonly high?: number
    readonly optimum?: number
  }
  output: GlobalAttributes & { readonly for?: string; readonly name?: string }
}

/** The other elements people write: the global attributes. */
type PlainTags =
  | "head"
  | "body"
  | "title"
  | "main"
  | "header"
  | "footer"
  | "nav"
  | "section"
  | "article"
  | "aside"
  | "div"
  | "span"
  | "p"
  | "h1"
  | "h2"
  | "h3"
  | "h4"
  | "h5"
  | "h6"
  | "ul"
  | "dl"
  | "dt"
  | "dd"
  | "em"
  | "strong"
  | "small"
  | "code"
  | "pre"
  | "br"
  | "hr"
  | "figure"
  | "figcaption"
  | "table"
  | "thead"
  | "tbody"
  | "tfoot"
  | "tr"
  | "caption"
  | "legend"
  | "b"
  | "i"
  | "u"
  | "s"
  | "mark"
  | "abbr"
  | "kbd"
  | "samp"
  | "sub"
  | "sup"
  | "summary"
  | "noscript"
  | "picture"
  | "template"
  | "address"
  | "search"
  | "dialog"
  | "q"
  | "cite"
  | "var"
  | "wbr"
  | "svg"

/**
 * The JSX namespace the compiler reads from `sitelets/jsx-runtime`.
 *
 * @example
 * ```ts
 * const page: JSX.Element = <p class="lead">Hi</p>
 * ```
 */
export declare namespace JSX {
  type Element = JsxNode
  /** Intrinsic names, and components: `async` ones too (their elements are promises). */
  type ElementType = string | ((props: never) => JsxChild)
  interface ElementChildrenAttribute {
    children: {}
  }
  interface IntrinsicElements extends TypedElements, Record<PlainTags, GlobalAttributes> {
    /** Custom elements (`<my-widget>`): the global attributes and any other. */
    readonly [custom: `${string}-${string}`]: GlobalAttributes & { readonly [attribute: string]: unknown }
  }
}
