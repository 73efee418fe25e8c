/** Escapes text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The docs page: Swagger UI's stylesheet and bundle and the start script, all files of the docs path,
 * so the page runs under a `script-src 'self'` policy (the default `securityHeaders()` one) with no
 * inline script. The document's URL travels in a data attribute.
 */
export function docsPage(title: string, assets: string, documentUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(assets)}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="${escapeHtml(documentUrl)}"></div>
<script src="${escapeHtml(assets)}/swagger-ui-bundle.js"></script>
<script src="${escapeHtml(assets)}/start.js"></script>
</body>
</html>
`;
}

/** Starts Swagger UI on the page's element with the document URL it carries. */
export const START_SCRIPT = `"use strict";
(function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({ url: root.dataset.url, domNode: root, deepLinking: true });
})();
`;
