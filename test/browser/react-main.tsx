/** @jsxImportSource react */
/** The browser entry of the React test app: hydrates what the server rendered. */
import { hydrateRoot } from "react-dom/client"
import { App } from "./react-app.js"

;(window as unknown as { loads: number }).loads = ((window as unknown as { loads?: number }).loads ?? 0) + 1
hydrateRoot(document.getElementById("root") as HTMLElement, <App />)
