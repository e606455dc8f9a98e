// The XSS payload corpus (docs/security.md#input-output-uploads: markdown … renders inert): tags, event handlers,
// javascript: in its spellings, data: links and off-site images, as plain text and as markdown.
export const XSS_MARKER = 'XSSMARK7';

export const XSS_CORPUS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload="window.__xss=1"><circle r=1 /></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">html link</a>',
  '[md link](javascript:alert(1))',
  '[md link upper](JaVaScRiPt:alert(1))',
  '[md link entity](&#106;avascript:alert(1))',
  '[md link tab](java\tscript:alert(1))',
  '[md link encoded](javascript%3Aalert(1))',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![offsite image](https://evil.example/pixel.png)',
  '<img src="https://evil.example/pixel.png">',
  '<details open ontoggle=alert(1)>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><button>go</button></form>',
  '{{constructor.constructor("alert(1)")()}}',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
];
