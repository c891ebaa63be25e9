/** Scrum board positions grow by this step (demo-backend.md §7 Scrumboard). */
export const POSITION_STEP = 65536
