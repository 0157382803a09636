#include "core/common/redacted_url.h"

namespace vigil {

std::string redactedUrl(std::string_view url)
{
    const size_t schemeEnd = url.find("://");
    if (schemeEnd == std::string_view::npos)
        return std::string(url);
    const size_t authorityStart = schemeEnd + 3;
    // The authority ends at the first '/', '?' or '#'; an '@' after that is part of the path.
    const size_t authorityEnd = url.find_first_of("/?#", authorityStart);
    const std::string_view authority = url.substr(authorityStart,
        authorityEnd == std::string_view::npos ? std::string_view::npos
                                               : authorityEnd - authorityStart);
    // The last '@' of the authority: a password may itself contain an unescaped '@'.
    const size_t at = authority.rfind('@');
    if (at == std::string_view::npos)
        return std::string(url);
    std::string redacted(url.substr(0, authorityStart));
    redacted += "***@";
    redacted += url.substr(authorityStart + at + 1);
    return redacted;
}

} // namespace vigil
