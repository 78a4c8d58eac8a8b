"""Stage 3, localise: a validated `Game` + a language -> a `Kit` with every text final.

The stage itself is printkit.localise.stage; the kit it makes (printkit.localise.kit) is
read by the later stages, which import it without Babel or jinja2.
"""
