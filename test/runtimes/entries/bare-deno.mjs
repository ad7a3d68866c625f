// A bare Deno server, the baseline of the matrix's memory rows: the body read by the runtime, no library.
Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(JSON.stringify({ port })) },
  async (request) => new Response(`small:${JSON.parse(await request.text()).title.length}`),
)
