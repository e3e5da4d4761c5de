export declare const SERVER_BUNDLE: string;
export declare const SERVER_BUNDLE_DIGEST: string;
export declare function serverSourcesDigest(): string;
export declare function serverBundleFresh(): boolean;
export declare const CLI_BUNDLE: string;
export declare const CLI_BUNDLE_DIGEST: string;
export declare function cliSourcesDigest(): string;
export declare function cliBundleFresh(): boolean;
export declare function runBundleOrSources(fresh: boolean, bundle: string, sources: string): Promise<void>;
