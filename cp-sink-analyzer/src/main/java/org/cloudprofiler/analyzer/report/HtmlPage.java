package org.cloudprofiler.analyzer.report;

/**
 * The head every page of cloudprofiler shares: its Content Security Policy forbids every load
 * and every script, so a page opens offline and from anywhere; and its base style. Stateless.
 */
final class HtmlPage {

    private HtmlPage() {}

    /**
     * A page up to its {@code <h1>} title, with {@code style} (CSS rules) after the base style.
     */
    static StringBuilder start(String title, String style) {
        return new StringBuilder(32_768)
                .append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src"
                        + " 'none'; style-src 'unsafe-inline'\">")
                .append("<title>").append(HtmlReport.escape(title)).append("</title><style>")
                // 1352 px and the margins: a page fits a 1400 px window, never scrolls sideways.
                .append("body{font-family:sans-serif;margin:24px;max-width:1352px;color:#222;"
                        + "background:#fff}")
                .append("table{border-collapse:collapse;font-size:13px}")
                .append("td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}")
                .append("td:first-child,th:first-child{text-align:left}")
                .append("svg{display:block}")
                .append(style).append("</style></head><body>\n<h1>")
                .append(HtmlReport.escape(title)).append("</h1>\n");
    }
}
