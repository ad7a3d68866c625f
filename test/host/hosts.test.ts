import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"
import { hostCases, hostSite } from "./host-site.js"

const quiet = { onError: () => undefined }
const hosts: HostUnderTest[] = []

beforeAll(async () => {
  hosts.push(fetchHost(hostSite, quiet), await nodeHost(hostSite, quiet), await expressHost(hostSite, quiet))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("one case table, three hosts", () => {
  for (const row of hostCases) {
    it(row.name, async () => {
      const answers = []
      for (const host of hosts) {
        const response = await host.send(row.request)
        answers.push({
          host: host.name,
          status: response.status,
          body: row.body === undefined ? undefined : response.body,
        })
        if (row.contentType !== undefined) expect(response.headers.get("content-type"), host.name).toBe(row.contentType)
        if (response.status < 300) expect(response.headers.get("x-content-type-options"), host.name).toBe("nosniff")
      }
      expect(answers).toEqual(
        hosts.map((host) => ({
          host: host.name,
          status: row.status,
          body: host.name === "express" ? (row.expressBody ?? row.body) : row.body,
        })),
      )
    })
  }
})
