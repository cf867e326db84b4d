/**
 * Where focus goes when what had it goes away (a closed notice or message):
 * the next of `others` still on the page, else the page's main content, so a
 * keyboard or screen-reader user carries on from there instead of the top.
 */
export function moveFocusAfterClosing(closing: Element, others: Iterable<Element> = []) {
  const next = [...others].find((element) => element !== closing && element.isConnected);
  const target = (next ?? document.querySelector("main")) as HTMLElement | null;
  target?.focus();
}
