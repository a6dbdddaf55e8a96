import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer: text, tool calls, or a failure status. */
export type AiStep =
  | { text: string }
  | { toolCalls: { name: string; args: Record<string, unknown> }[] }
  | { status: number };

export interface AiProvider {
  /** The base URL to save in the assistant settings (OpenAI-compatible, ends in /v1). */
  baseUrl: string;
  /** Every chat-completions request body the app sent, in order. */
  requests: Array<{
    messages: Array<{ role: string; content?: unknown; tool_call_id?: string }>;
    tools?: unknown[];
  }>;
  /** Authorization headers seen (the key the app sent). */
  authorizations: string[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => resolve(body));
  });

/**
 * A real HTTP server on loopback speaking OpenAI's streaming chat-completions protocol (the
 * protocol of any OpenAI-compatible model server), answering each request with the next scripted
 * step — the real providers are outside this network.
 */
export async function startAiProvider(script: AiStep[]): Promise<AiProvider> {
  const steps = [...script];
  const requests: AiProvider["requests"] = [];
  const authorizations: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await read(req);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body));
    authorizations.push(req.headers.authorization ?? "");
    const step = steps.shift() ?? { text: "(no more scripted answers)" };
    if ("status" in step) {
      res.writeHead(step.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      res.write(
        `data: ${JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion.chunk",
          created: 0,
          model: "scripted",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    if ("text" in step) {
      // Two pieces, so the answer really streams.
      const half = Math.ceil(step.text.length / 2);
      chunk({ role: "assistant", content: step.text.slice(0, half) }, null);
      chunk({ content: step.text.slice(half) }, null);
      chunk({}, "stop");
    } else {
      chunk(
        {
          role: "assistant",
          tool_calls: step.toolCalls.map((call, index) => ({
            index,
            id: `call_${requests.length}_${index}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.args) },
          })),
        },
        null,
      );
      chunk({}, "tool_calls");
    }
    res.write("data: [DONE]\n\n");
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
