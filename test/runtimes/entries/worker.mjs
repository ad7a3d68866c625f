// The matrix on workerd: one worker module; the SITE text binding says which site a service serves,
// and the app site's session secret comes from the SESSION_SECRET binding.
import { handlerFor } from "./sites.mjs"

const handlers = new Map()

export default {
  fetch(request, env, ctx) {
    let handler = handlers.get(env.SITE)
    if (handler === undefined)
      handlers.set(env.SITE, (handler = handlerFor(env.SITE, (bindings) => bindings.SESSION_SECRET)))
    return handler.fetch(request, env, ctx)
  },
}
