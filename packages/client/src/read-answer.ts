import type { ClientAnswer } from './types/client-route';

/** Whether a content type is JSON (`application/json`, `application/problem+json`, any `+json`). */
function isJson(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The answer of a response: JSON parsed, other text as a string, no body as `null`. */
export async function readAnswer(response: Response): Promise<ClientAnswer<number, unknown>> {
  const text = await response.text();
  const body = text === '' ? null : isJson(response.headers.get('content-type')) ? JSON.parse(text) : text;
  return { status: response.status, ok: response.ok, body, headers: response.headers, response };
}
