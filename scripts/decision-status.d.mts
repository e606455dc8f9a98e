export declare const decisionsDir: string;
export declare function indexStatuses(indexText: string): Map<string, string>;
export declare function withStatus(recordText: string, status: string): string;
export declare function decisionDrift(dir?: string): {
  stale: Array<{ file: string; text: string }>;
  unindexed: string[];
  noStatus: string[];
};
