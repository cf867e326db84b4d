/**
 * The eCard library's designs: drawn here (ecard/designs/{id}.svg), shared by every program that
 * keeps the library on, in the spec's eCard canvas (700x394, 16:9). Each has a category, a title
 * (its alternative text) and the words it shows.
 */
export const ECARD_WIDTH = 700;
export const ECARD_HEIGHT = 394;

export const designCategories = ["Thank You", "Congratulations", "Birthday", "Anniversary", "Welcome", "Farewell"] as const;
export type DesignCategory = (typeof designCategories)[number];

export type Motif = "stars" | "confetti" | "balloons" | "waves" | "sun" | "leaves";

export interface Design {
  id: string;
  category: DesignCategory;
  title: string;
  headline: string;
  colors: { background: string; accent: string; text: string };
  motif: Motif;
}

export const designs: readonly Design[] = [
  { id: "thanks-stars", category: "Thank You", title: "Thank you, with stars", headline: "Thank You!", colors: { background: "#1e3a8a", accent: "#fbbf24", text: "#ffffff" }, motif: "stars" },
  { id: "thanks-leaves", category: "Thank You", title: "Thanks a lot, with green leaves", headline: "Thanks a lot", colors: { background: "#ecfdf5", accent: "#059669", text: "#064e3b" }, motif: "leaves" },
  { id: "congrats-confetti", category: "Congratulations", title: "Congratulations, with confetti", headline: "Congratulations!", colors: { background: "#fdf2f8", accent: "#db2777", text: "#831843" }, motif: "confetti" },
  { id: "congrats-sun", category: "Congratulations", title: "Well done, with a rising sun", headline: "Well done!", colors: { background: "#fff7ed", accent: "#ea580c", text: "#7c2d12" }, motif: "sun" },
  { id: "birthday-balloons", category: "Birthday", title: "Happy birthday, with balloons", headline: "Happy Birthday!", colors: { background: "#eff6ff", accent: "#2563eb", text: "#1e3a8a" }, motif: "balloons" },
  { id: "birthday-confetti", category: "Birthday", title: "Happy birthday, with confetti", headline: "Have a great day!", colors: { background: "#4c1d95", accent: "#f472b6", text: "#ffffff" }, motif: "confetti" },
  { id: "anniversary-stars", category: "Anniversary", title: "Happy work anniversary, with stars", headline: "Happy Anniversary!", colors: { background: "#111827", accent: "#facc15", text: "#ffffff" }, motif: "stars" },
  { id: "anniversary-waves", category: "Anniversary", title: "Another great year, with waves", headline: "Another great year", colors: { background: "#ecfeff", accent: "#0891b2", text: "#164e63" }, motif: "waves" },
  { id: "welcome-sun", category: "Welcome", title: "Welcome aboard, with a rising sun", headline: "Welcome aboard!", colors: { background: "#fefce8", accent: "#ca8a04", text: "#713f12" }, motif: "sun" },
  { id: "welcome-waves", category: "Welcome", title: "Glad you're here, with waves", headline: "Glad you're here", colors: { background: "#0f766e", accent: "#99f6e4", text: "#ffffff" }, motif: "waves" },
  { id: "farewell-leaves", category: "Farewell", title: "Good luck, with falling leaves", headline: "Good luck!", colors: { background: "#fffbeb", accent: "#b45309", text: "#78350f" }, motif: "leaves" },
  { id: "farewell-balloons", category: "Farewell", title: "We'll miss you, with balloons", headline: "We'll miss you", colors: { background: "#f5f3ff", accent: "#7c3aed", text: "#4c1d95" }, motif: "balloons" },
];

export function designById(id: string) {
  return designs.find((design) => design.id === id);
}

/** What a video card shows where a picture would be (its list's thumbnail, its e-mail): drawn like a design, never offered as one. */
export const videoPoster: Design = {
  id: "video",
  category: "Congratulations",
  title: "A video eCard",
  headline: "A video for you",
  colors: { background: "#0f172a", accent: "#38bdf8", text: "#ffffff" },
  motif: "waves",
};

/** A design the drawing route draws: the library's, or the video poster. */
export function drawableDesign(id: string) {
  return id === videoPoster.id ? videoPoster : designById(id);
}

export function designSource(id: string, format: "svg" | "png" = "svg") {
  return `/ecard/designs/${id}.${format}`;
}
