export declare const XSS_MARKER: string;
export declare const XSS_CORPUS: string[];
