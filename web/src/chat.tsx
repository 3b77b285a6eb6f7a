import { useEffect, useState } from "preact/hooks";
import { seconds } from "./api.js";
import {
  type Conversation,
  chat,
  chatHistory,
  type History,
  conversations as listConversations,
  type Scene,
  scenes as scenesOf,
} from "./client.js";
import { navigate } from "./router.js";
import { Thumb } from "./thumb.js";

type Message = Pick<History["messages"][number], "role" | "content" | "scenes">;
type SceneRef = NonNullable<Message["scenes"]>[number];

interface Cited extends SceneRef {
  keyframe_url: string | null;
}

/** The key frame of each cited scene, found in its clip's scene list. */
async function cite(refs: SceneRef[]): Promise<Cited[]> {
  const byMedia = new Map<string, Promise<Scene[]>>();
  return Promise.all(
    refs.map(async (ref) => {
      const key = `${ref.project}/${ref.media_id}`;
      if (!byMedia.has(key))
        byMedia.set(
          key,
          scenesOf(ref.project, ref.media_id).catch(() => []),
        );
      const scenes = (await byMedia.get(key)) ?? [];
      return { ...ref, keyframe_url: scenes.find((s) => s.id === ref.scene_id)?.keyframe_url ?? null };
    }),
  );
}

function Answer({ message }: { message: Message }) {
  const [cited, setCited] = useState<Cited[]>([]);
  useEffect(() => {
    if (message.scenes?.length) void cite(message.scenes).then(setCited);
  }, [message]);
  return (
    <div class={`msg msg-${message.role}`}>
      <p>{message.content}</p>
      {cited.length > 0 && (
        <section class="cited" aria-label="Cited scenes">
          {cited.map((c) => (
            <button
              type="button"
              key={`${c.project}-${c.scene_id}`}
              class="scene"
              onClick={() => {
                const q = new URLSearchParams({ t: String(c.start_s) });
                if (c.project) q.set("project", c.project);
                navigate(`/clip/${c.media_id}?${q}`);
              }}
            >
              <Thumb src={c.keyframe_url} alt={`Clip ${c.media_id} at ${seconds(c.start_s)}`} />
              <span>{seconds(c.start_s)}</span>
            </button>
          ))}
        </section>
      )}
    </div>
  );
}

export function Chat() {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [prompt, setPrompt] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () =>
    listConversations().then(
      (body) => setConversations(body.items),
      () => setConversations([]),
    );
  useEffect(() => void refresh(), []);

  const open = async (id: string) => {
    setCurrent(id);
    try {
      const body = await chatHistory(id);
      setMessages(body.messages);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const ask = async (e: Event) => {
    e.preventDefault();
    if (!prompt.trim() || busy) return;
    setBusy(true);
    setError(null);
    setMessages((m) => [...m, { role: "user", content: prompt }]);
    try {
      const body = { prompt, ...(current ? { conversation_id: current } : {}) };
      const reply = await chat(body);
      setPrompt("");
      await open(reply.conversation_id);
      void refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="chat" aria-label="Chat">
      <nav class="conversations" aria-label="Conversations">
        <button
          type="button"
          onClick={() => {
            setCurrent(null);
            setMessages([]);
          }}
        >
          New conversation
        </button>
        <ul>
          {conversations.map((c) => (
            <li key={c.id}>
              <button type="button" class={c.id === current ? "active" : ""} onClick={() => void open(c.id)}>
                {c.title || c.id}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div class="thread">
        <div class="messages" aria-live="polite">
          {messages.map((m, i) => (
            <Answer key={i} message={m} />
          ))}
          {busy && <p class="note">Thinking…</p>}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <form class="ask" onSubmit={(e) => void ask(e)}>
          <label class="sr-only" for="prompt">
            Ask the library
          </label>
          <textarea
            id="prompt"
            rows={2}
            value={prompt}
            placeholder="Which clips show the harbour at dusk?"
            onInput={(e) => setPrompt(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy}>
            Ask
          </button>
        </form>
      </div>
    </section>
  );
}
