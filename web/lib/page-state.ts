/** The id of the `<script type="application/json">` that carries a rendered page's query cache. */
export const PAGE_STATE_ID = 'page-state';
