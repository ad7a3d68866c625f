/**
 * The chat room in the browser: a typed socket to the room (`Router.Socket`,
 * reconnecting), the messages rendered as they come, the form sending.
 */
import { Router } from "../../../src/client/index.js"
import { Chat, ChatSocket, type Heard } from "./messages.js"

const root = document.getElementById("chat") as HTMLElement
const room = root.dataset.room ?? "lobby"
const list = document.getElementById("messages") as HTMLUListElement
const status = document.getElementById("present") as HTMLElement
const form = document.getElementById("say") as HTMLFormElement
const nameInput = form.elements.namedItem("name") as HTMLInputElement
const textInput = form.elements.namedItem("text") as HTMLInputElement

const socket = Router.Infer(Chat).Socket({ $: "Socket", room }, ChatSocket, { reconnect: true })

function show(heard: Heard) {
  if (heard.$ !== "Message") {
    status.textContent = `${heard.present} here`
    return
  }
  const item = document.createElement("li")
  const who = document.createElement("strong")
  who.textContent = heard.name
  const when = document.createElement("time")
  when.dateTime = heard.at.toISOString()
  when.textContent = heard.at.toLocaleTimeString()
  item.append(who, " ", heard.text, " ", when)
  list.append(item)
  list.scrollTop = list.scrollHeight
}

form.addEventListener("submit", (event) => {
  event.preventDefault()
  const text = textInput.value.trim()
  if (text === "") return
  socket.Send({ $: "Say", name: nameInput.value.trim() || "someone", text })
  textInput.value = ""
})

socket.Opened.then(() => root.setAttribute("data-connected", ""))
for await (const heard of socket) show(heard)
