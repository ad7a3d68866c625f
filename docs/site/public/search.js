// The documentation's search: the MiniSearch index the site built from every section, loaded on first use.
/* global MiniSearch */
const input = document.getElementById("search")
const results = document.getElementById("search-results")
const options = { fields: ["title", "heading", "text"], storeFields: ["title", "heading"] }
let index

async function load() {
  index ??= fetch(input.dataset.index)
    .then((response) => response.text())
    .then((json) => MiniSearch.loadJSON(json, options))
  return index
}

function show(hits) {
  results.replaceChildren(
    ...hits.map((hit) => {
      const item = document.createElement("li")
      const link = document.createElement("a")
      link.href = hit.id
      link.textContent = hit.heading === hit.title ? hit.title : `${hit.title} › ${hit.heading}`
      item.append(link)
      return item
    }),
  )
  results.hidden = hits.length === 0
}

input?.addEventListener("input", async () => {
  const query = input.value.trim()
  if (query === "") return show([])
  const search = await load()
  // Only the latest query's answer is shown.
  if (input.value.trim() === query) show(search.search(query, { prefix: true, fuzzy: 0.2 }).slice(0, 10))
})
input?.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    input.value = ""
    show([])
  }
})
