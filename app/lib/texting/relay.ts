/**
 * The most a masked text between locksmith and customer says (issue 50, decision 0071): two
 * segments with our own words around it. The job page's text box and its check read it; it is
 * kept apart from the job page's schemas so the page does not load zod to know it.
 */
export const RELAY_MAX_LENGTH = 300;
