import type { Viewer } from "~/modules/auth/viewer";
import type { Registry } from "~/modules/plugins/registry";
import { canGivePoints, usesPoints } from "~/modules/points/access";
import { helpQuestions } from "~/modules/shell/extension-points";
import type { HelpQuestion } from "./faq";

/** The core's questions, each asked only where it applies to the person (`when`). */
const coreQuestions: (HelpQuestion & { when?: (viewer: Viewer) => boolean })[] = [
  {
    question: "How do I find a colleague?",
    answer: "Type part of their name in Find people at the top of any page, or open People. Their profile shows who they are and the recognition they received, as they allow.",
  },
  {
    question: "What are points to spend and points to give?",
    answer: "Points to spend are yours: colleagues and the program gave them to you, and you spend them in the shop. Points to give are for recognising others; they are not yours to spend.",
    when: (viewer) => usesPoints(viewer) || canGivePoints(viewer),
  },
  {
    question: "Where do I see the points I received and gave?",
    answer: "Open Transaction History in your profile menu: every point in and out, with who and why.",
    when: (viewer) => usesPoints(viewer) || canGivePoints(viewer),
  },
  {
    question: "Can I recognise myself?",
    answer: "No: points never move to the person giving them, whatever the way they are given.",
    when: (viewer) => canGivePoints(viewer),
  },
  {
    question: "How do I redeem a code?",
    answer: "Open Redeem a Code in your profile menu and type the code as it is printed. Each code works once; its points go to your points to spend.",
    when: (viewer) => viewer.employee.permissions.canRedeemCodes === true,
  },
  {
    question: "Who sees the recognition I receive?",
    answer: "Choose it in Privacy in your profile menu: public or private recognition, and whether everyone or only you and your manager see your timeline, Me In 3 and My Stuff.",
    when: (viewer) => viewer.tenant.siteConfig.employeePreferencesEnabled,
  },
  {
    question: "How do I choose which notifications reach me?",
    answer: "Open Notification settings in your profile menu: for each kind, in the app, by e-mail, by text message or as a push notification, where the program offers them.",
    when: (viewer) => viewer.tenant.siteConfig.notificationsEnabled,
  },
  {
    question: "How do I change my password or my mobile number?",
    answer: "Open Settings in your profile menu. A new mobile number is confirmed with a code sent to it.",
  },
  {
    question: "Can someone act on my behalf?",
    answer: "Yes: on the Delegation page you choose who may act for you (an assistant, say); they sign in as themselves and act in your name, and you can take it back at any time.",
  },
  {
    question: "The page looks hard to read. Can it be clearer?",
    answer: "Where the program offers it, turn on High Contrast in your profile menu: darker text and borders and underlined links, on every page.",
    when: (viewer) => viewer.tenant.siteConfig.highContrastEnabled,
  },
];

/** The questions for this person: the core's that apply to them, then those of the plugins the program has on. */
export function helpQuestionsFor(viewer: Viewer, registry: Registry): HelpQuestion[] {
  const core = coreQuestions.filter((entry) => !entry.when || entry.when(viewer)).map(({ question, answer }) => ({ question, answer }));
  return [...core, ...registry.visibleExtensions(viewer, helpQuestions).flatMap((extension) => extension.questions)];
}
