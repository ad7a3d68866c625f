/**
 * `sitelets/jsx-runtime`: the automatic JSX runtime
 * (`"jsx": "react-jsx", "jsxImportSource": "sitelets"` in `tsconfig.json`).
 * Elements render to the `Html` model; see `src/sitelet/html/jsx.ts`.
 */
export { Fragment, jsx, jsxs, type JsxChild, type JsxNode, type Component } from "./sitelet/html/jsx.js"
export type { JSX, GlobalAttributes } from "./sitelet/html/jsx-types.js"
