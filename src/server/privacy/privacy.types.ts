// What one retention sweep removed (beyond-spec.md section 2 "Retention").
export interface PurgeCounts {
  /** Orders whose address, phone, notes, names, email and location were removed. */
  orders: number;
  /** Feedback messages whose phone was removed. */
  feedback: number;
  /** Rejected volunteer applications deleted. */
  applications: number;
}
