/** @jsxImportSource react */
/** The server side of the React test app: the page for a request URL, rendered with `react-dom/server`. */
import { renderToString } from "react-dom/server"
import { App, routes } from "./react-app.js"

export function page(url: string): string {
  const body = renderToString(
    <routes.Location url={url}>
      <App />
    </routes.Location>,
  )
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>react</title></head><body><div id="root">${body}</div><script type="module" src="/main.js"></script></body></html>`
}
