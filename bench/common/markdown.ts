/**
 * Writing BENCHMARKS.md: number formatting, tables, and replacing only the
 * sections this benchmark generates (the `## JSON` section and any
 * hand-written section are kept as they are).
 */

/**
 * A duration in nanoseconds, three significant digits, in ns/µs/ms.
 *
 * @example
 * ```ts
 * formatNs(1234.5) //=> "1.23 µs"
 * ```
 */
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toPrecision(3)} ms`
  if (ns >= 1e3) return `${(ns / 1e3).toPrecision(3)} µs`
  return `${ns.toPrecision(3)} ns`
}

/** A ratio as `2.35×`, three significant digits. */
export const formatRatio = (ratio: number): string => `${ratio >= 100 ? Math.round(ratio) : ratio.toPrecision(3)}×`

/** A fraction as a whole percentage: `0.123` → `12%`. */
export const formatPercent = (fraction: number): string => `${Math.round(fraction * 100)}%`

/**
 * A GitHub-flavoured markdown table.
 *
 * @example
 * ```ts
 * table(["a", "b"], [["1", "2"]]) //=> "| a | b |\n|---|---|\n| 1 | 2 |"
 * ```
 */
export function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`
  return [line(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n")
}

/** A document split into its text before the first `## ` heading and its `## ` sections, in order. */
interface Split {
  readonly preamble: string
  readonly sections: ReadonlyArray<readonly [heading: string, text: string]>
}

function split(document: string): Split {
  const lines = document.split("\n")
  const sections: Array<[string, string[]]> = []
  const preamble: string[] = []
  for (const line of lines) {
    if (line.startsWith("## ")) sections.push([line.slice(3).trim(), [line]])
    else if (sections.length > 0) (sections[sections.length - 1] as [string, string[]])[1].push(line)
    else preamble.push(line)
  }
  return {
    preamble: preamble.join("\n"),
    sections: sections.map(([heading, text]) => [heading, text.join("\n").trimEnd()] as const),
  }
}

/**
 * Rebuilds a document: the preamble and the generated sections are
 * replaced; every other existing section is kept verbatim, those named in
 * `order` in that position, the rest at the end in their old order.
 *
 * @example
 * ```ts
 * mergeSections(old, "# Benchmarks\n", new Map([["Routing", "## Routing\n…"]]), ["Routing", "JSON"])
 * ```
 */
export function mergeSections(
  existing: string,
  preamble: string,
  generated: ReadonlyMap<string, string>,
  order: readonly string[],
): string {
  const old = new Map(split(existing).sections)
  const parts = [preamble.trimEnd()]
  for (const heading of order) {
    const text = generated.get(heading) ?? old.get(heading)
    if (text !== undefined) parts.push(text.trimEnd())
  }
  for (const [heading, text] of old) if (!order.includes(heading) && !generated.has(heading)) parts.push(text)
  return parts.join("\n\n") + "\n"
}
