// A bare Worker, the baseline of the matrix's memory rows: the body read by the runtime, no library.
export default {
  async fetch(request) {
    return new Response(`small:${JSON.parse(await request.text()).title.length}`)
  },
}
