export declare const SERVER_BUNDLE: string;
export declare const SERVER_BUNDLE_DIGEST: string;
export declare function serverSourcesDigest(): string;
export declare function serverBundleFresh(): boolean;
