/**
 * Sentences of the client side, written once. Tests import these writers
 * instead of retyping the text.
 */
export const clientMessages = {
  noWebSocket:
    "Router.Socket: this runtime has no global WebSocket (Node 20): pass one, { WebSocket } from the ws package",
  noBase: (url: string) =>
    `Cannot build a request for '${url}': no base URL (pass { base: "http://host" } outside a browser)`,
  badBase: (base: string) => `'${base}' is not an absolute URL to resolve request paths against`,
  notNavigable: (url: string, method: string) =>
    `Cannot navigate to '${url}': its case is reached with ${method}, and navigation only makes GET requests`,
  carriesBody: (url: string) =>
    `Cannot navigate to '${url}': its case carries a request body, which a history entry cannot hold`,
  badStatus: (method: string, url: string, status: number, statusText: string) =>
    `${method} ${url} answered ${status}${statusText === "" ? "" : " " + statusText} (expected a 2xx status)`,
  notJson: (method: string, url: string, contentType: string | null) =>
    `${method} ${url} answered Content-Type '${contentType ?? ""}' (expected application/json)`,
  notEventStream: (method: string, url: string, contentType: string | null) =>
    `${method} ${url} answered Content-Type '${contentType ?? ""}' (expected text/event-stream)`,
  fileInQuery: (method: string) => `a file field cannot travel in the query of a ${method} request`,
  noWindow: "Router.Install needs a browser window (pass { window } outside a browser)",
  alreadyDisposed: "This installed router was disposed",
} as const
