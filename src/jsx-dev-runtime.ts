/**
 * `sitelets/jsx-dev-runtime`: the development entry of the automatic JSX
 * runtime (`"jsx": "react-jsxdev"`); the same elements as `sitelets/jsx-runtime`.
 */
export { Fragment, jsxDEV, type JsxChild, type JsxNode, type Component } from "./sitelet/html/jsx.js"
export type { JSX, GlobalAttributes } from "./sitelet/html/jsx-types.js"
