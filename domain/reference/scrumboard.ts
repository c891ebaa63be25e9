/** Scrum board positions grow by this step (docs/demo-apis.md §7 Scrumboard). */
export const POSITION_STEP = 65536
