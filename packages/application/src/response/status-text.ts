/**
 * The standard reason phrase of each status (the IANA registry, as Node's `http.STATUS_CODES` has them), so
 * the core needs no `node:http`. One string, read into a table on first use: each phrase follows the one
 * before it by one status, unless it starts with its own status.
 */
const STATUS_TEXTS =
  '100Continue|Switching Protocols|Processing|Early Hints|200OK|Created|Accepted|' +
  'Non-Authoritative Information|No Content|Reset Content|Partial Content|Multi-Status|' +
  'Already Reported|226IM Used|300Multiple Choices|Moved Permanently|Found|See Other|Not Modified|' +
  'Use Proxy|307Temporary Redirect|Permanent Redirect|400Bad Request|Unauthorized|Payment Required|' +
  'Forbidden|Not Found|Method Not Allowed|Not Acceptable|Proxy Authentication Required|' +
  'Request Timeout|Conflict|Gone|Length Required|Precondition Failed|Payload Too Large|' +
  "URI Too Long|Unsupported Media Type|Range Not Satisfiable|Expectation Failed|I'm a Teapot|" +
  '421Misdirected Request|Unprocessable Entity|Locked|Failed Dependency|Too Early|Upgrade Required|' +
  '428Precondition Required|Too Many Requests|431Request Header Fields Too Large|' +
  '451Unavailable For Legal Reasons|500Internal Server Error|Not Implemented|Bad Gateway|' +
  'Service Unavailable|Gateway Timeout|HTTP Version Not Supported|Variant Also Negotiates|' +
  'Insufficient Storage|Loop Detected|Bandwidth Limit Exceeded|Not Extended|' +
  'Network Authentication Required';

let table: string[] | undefined;

function readTable(): string[] {
  const texts: string[] = [];
  let status = 0;
  for (const entry of STATUS_TEXTS.split('|')) {
    const digits = /^\d*/.exec(entry)![0];
    status = digits === '' ? status + 1 : Number(digits);
    texts[status] = entry.slice(digits.length);
  }
  return texts;
}

/** The reason phrase of `status` (`OK`, `Not Found`), or undefined for an unregistered status. */
export function statusText(status: number): string | undefined {
  table ??= readTable();
  return table[status];
}
