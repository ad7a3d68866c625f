import { expectType } from "tsd"
import { t, type Infer } from "sitelets"
const Site = t.union({ Home: "GET /", Article: "GET /article/<id:int>" })
expectType<{ $: "Home" } | { $: "Article"; id: number }>(null as unknown as Infer<typeof Site>)
