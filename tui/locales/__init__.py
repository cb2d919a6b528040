"""Yule's catalogues, one a language (``<language>/LC_MESSAGES/yule.po`` and its compiled
``.mo``), and the tool that keeps them (:mod:`.catalogue`)."""
