export declare const serverNodeArgs: string[];
export declare const serverEntry: string;
