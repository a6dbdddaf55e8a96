export * from "./app-users";
export * from "./auth";
export * from "./customers";
export * from "./drivers";
export * from "./platform";
export * from "./registration";
