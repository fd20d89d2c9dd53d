export declare const MIN_HEADROOM: number;
export declare function headroom(): number;
export declare function scaled(ms: number): number;
