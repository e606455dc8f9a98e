/**
 * The part of jsdom these tests use (the server's TypeScript has no DOM library, and jsdom is a
 * root dev dependency without bundled types): parse a page or an XML document as a browser would.
 */
declare module 'jsdom' {
  interface XmlElement {
    readonly localName: string;
    readonly namespaceURI: string | null;
    readonly textContent: string | null;
    getAttribute(name: string): string | null;
    getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
    getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
  }
  export interface ParsedDocument {
    readonly title: string;
    readonly documentElement: XmlElement;
    getElementById(id: string): XmlElement | null;
    querySelector(selector: string): XmlElement | null;
    querySelectorAll(selector: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
    getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
    getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      readonly document: ParsedDocument;
      DOMParser: new () => { parseFromString(text: string, type: 'application/xml' | 'text/html'): ParsedDocument };
    };
  }
}
