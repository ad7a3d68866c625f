/**
 * Sentences of the client side, written once. Tests import these writers
 * instead of retyping the text.
 */
export const noWebSocket =
  "Router.Socket: this runtime has no global WebSocket (Node 20): pass one, { WebSocket } from the ws package"
export const noBase = (url: string) =>
  `Cannot build a request for '${url}': no base URL (pass { base: "http://host" } outside a browser)`
export const badBase = (base: string) => `'${base}' is not an absolute URL to resolve request paths against`
export const notNavigable = (url: string, method: string) =>
  `Cannot navigate to '${url}': its case is reached with ${method}, and navigation only makes GET requests`
export const carriesBody = (url: string) =>
  `Cannot navigate to '${url}': its case carries a request body, which a history entry cannot hold`
export const badStatus = (method: string, url: string, status: number, statusText: string) =>
  `${method} ${url} answered ${status}${statusText === "" ? "" : " " + statusText} (expected a 2xx status)`
export const notJson = (method: string, url: string, contentType: string | null) =>
  `${method} ${url} answered Content-Type '${contentType ?? ""}' (expected application/json)`
export const notEventStream = (method: string, url: string, contentType: string | null) =>
  `${method} ${url} answered Content-Type '${contentType ?? ""}' (expected text/event-stream)`
export const fileInQuery = (method: string) => `a file field cannot travel in the query of a ${method} request`
export const noWindow = "Router.Install needs a browser window (pass { window } outside a browser)"
export const alreadyDisposed = "This installed router was disposed"
