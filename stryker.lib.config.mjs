// Mutation testing of the pure rules (decision 0061): `npm run mutate:lib`.
import { mutationPart } from "./stryker.base.mjs";

// The rules that carry the business's guarantees (decision 0061 says what is left out, why).
export default mutationPart("lib", [
  "app/lib/dispatch/{assignment-machine,offer-deadline,dispatch-code,dispatch-result,holder,job-link}.ts",
  "app/lib/money/{money,job-split,payouts,collection,quote,price-list,site-prices,promised-charges,card-payments,payment-plan,reconciliation,receipt,guarantee}.ts",
  "app/lib/night-watch/{clock-rules,escalation-ladder,needs-attention,timer-kinds}.ts",
]);
