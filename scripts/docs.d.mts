export function actionTables(actionYml: string): string;
export function withTables(readme: string, tables: string): string;
