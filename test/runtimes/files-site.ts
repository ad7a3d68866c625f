/**
 * The runtime matrix's file site: `Sitelet.Files` over `public/` (the
 * runtimes run with this folder as their working directory; the in-process
 * hosts set `SITELETS_MATRIX_FILES` to its absolute path). Where there is no
 * file system (Workers), building it throws: the site then answers 501 with
 * that sentence, so the matrix sees the error a user would.
 */
import { Content, Http, Sitelet, t, type Sitelet as SiteletOf } from "../../src/index.js"

export function filesSite(): SiteletOf<any> {
  const directory = (globalThis as { SITELETS_MATRIX_FILES?: string }).SITELETS_MATRIX_FILES ?? "public"
  try {
    return Sitelet.Files(directory)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return Sitelet.Infer(t.union({ Any: "/<...path>" }), () =>
      Content.SetStatus(Http.Status.NotImplemented, Content.Text(message)),
    )
  }
}
