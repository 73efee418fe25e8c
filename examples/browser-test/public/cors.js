// Calls the API of another origin (given as ?api=) as the cors section of the middleware README shows:
// a GET with credentials, then a JSON POST, which the browser sends only after a preflight.
const results = { done: false };
window.results = results;
const api = new URLSearchParams(location.search).get('api');

async function call(path, init) {
  try {
    const response = await fetch(`${api}${path}`, { credentials: 'include', ...init });
    return { status: response.status, body: await response.json() };
  } catch (error) {
    return { error: String(error) };
  }
}

results.get = await call('/notes');
results.post = await call('/notes', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ title: 'from the page' }),
});
results.done = true;
