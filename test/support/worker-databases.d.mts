export declare function workerDatabaseUrl(url: string, worker: string | number): string;
export declare function createWorkerDatabases(url: string, workers: number): Promise<void>;
