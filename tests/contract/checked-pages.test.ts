import { expect, it } from "vitest";
import { loadBuild } from "../setup/built-app";
import { checkedPages } from "../e2e/checked-pages";

it("lists every page of the app where axe checks it", async () => {
  const build = await loadBuild();
  const pages = Object.entries(build.routes)
    .filter(([, route]) => route.module.default)
    .map(([id]) => id)
    .sort();
  expect(pages).toEqual(Object.keys(await checkedPages()).sort());
});
