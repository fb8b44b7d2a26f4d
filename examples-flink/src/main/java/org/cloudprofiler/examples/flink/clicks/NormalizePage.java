package org.cloudprofiler.examples.flink.clicks;

import java.util.Locale;

import org.apache.flink.api.common.functions.MapFunction;

/**
 * A click with its page as the site counts it: lower case, without the query string. Stateless.
 */
public final class NormalizePage implements MapFunction<Click, Click> {
    private static final long serialVersionUID = 1L;

    @Override
    public Click map(Click click) {
        String page = click.page();
        int query = page.indexOf('?');
        return new Click(click.user(),
                (query < 0 ? page : page.substring(0, query)).toLowerCase(Locale.ROOT),
                click.timestampMs());
    }
}
